# label: ok
# flax-error: none
# class: 3 the HiveMonitor's model attribute, switched to eval mode with model.eval() before the loop, is called in the jax.lax.while_loop body
"""Beehive acoustic monitoring: scans the hive's audio clips in order until the swarm detector
raises an alarm, and reports at which clip it fired."""

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SwarmDetector(nnx.Module):
    def __init__(self, n_bands: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_bands, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, spectrum):
        h = self.drop(nnx.relu(self.norm(self.proj(spectrum))))
        return nnx.sigmoid(self.head(h)).mean()


class HiveMonitor:
    def __init__(self, model: SwarmDetector, alarm_level: float = 0.9):
        self.model = model
        self.alarm_level = alarm_level

    def scan_until_alarm(self, clips):
        n = clips.shape[0]
        self.model.eval()

        def keep_going(state):
            i, fired = state
            return (i < n) & ~fired

        def listen(state):
            i, _ = state
            return i + 1, self.model(clips[i]) > self.alarm_level

        return jax.lax.while_loop(keep_going, listen, (0, False))


def main():
    model = SwarmDetector(n_bands=12, rngs=nnx.Rngs(0, dropout=1))
    monitor = HiveMonitor(model)
    clips = jax.random.normal(jax.random.key(3), (9, 4, 12))
    stopped_at, fired = monitor.scan_until_alarm(clips)
    print(int(stopped_at), bool(fired))
    return None
