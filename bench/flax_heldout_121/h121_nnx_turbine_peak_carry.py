# label: ok
# flax-error: none
# class: 3 TurbineMonitor.head's RunningPeak value (an nnx.Variable subclass) rides in the while_loop carry and is written back to the head after the loop
"""Tidal turbine output: the monitor integrates predicted power over a tide until the export
cutoff, while the power head tracks the peak it has seen for the over-speed alarm."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RunningPeak(nnx.Variable):
    pass


class TidalPowerHead(nnx.Module):
    def __init__(self, n_in, hidden, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_in, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)
        self.peak = RunningPeak(jnp.zeros(()))

    def __call__(self, flow):
        return nnx.softplus(self.l2(nnx.relu(self.l1(flow)))).squeeze(-1)

    def observe(self, flow):
        power = self(flow)
        self.peak[...] = jnp.maximum(self.peak[...], jnp.max(power))
        return power


class TurbineMonitor:
    def __init__(self, head):
        self.head = head

    def run_until_cutoff(self, flows, cutoff):
        def cond(state):
            i, energy, _ = state
            return (i < flows.shape[0]) & (energy < cutoff)

        def body(state):
            i, energy, peak = state
            power = self.head(flows[i])
            return i + 1, energy + jnp.sum(power), jnp.maximum(peak, jnp.max(power))

        init = (jnp.int32(0), jnp.float32(0.0), self.head.peak[...])
        steps, energy, peak = jax.lax.while_loop(cond, body, init)
        self.head.peak[...] = peak
        return steps, energy


def main():
    monitor = TurbineMonitor(TidalPowerHead(4, 16, rngs=nnx.Rngs(0)))
    flows = jax.random.normal(jax.random.key(5), (10, 3, 4))
    steps, energy = monitor.run_until_cutoff(flows, cutoff=25.0)
    jax.block_until_ready((steps, energy, monitor.head.peak[...]))
    return None
