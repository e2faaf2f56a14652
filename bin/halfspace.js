#!/usr/bin/env node
import '../dist/cli/halfspace.js';
