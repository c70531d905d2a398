#!/usr/bin/env -S npx tsx
import '../src/cli/main.ts';
