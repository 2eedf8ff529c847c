# label: same-values
# flax-error: none
# class: 1 ArrivalSequencer.__call__ runs jax.lax.scan itself and calls self.make_rng("jitter") inside the body, so the body is traced once with one key
"""Air-traffic arrival sequencing: for each sequencing cycle, perturb the planned runway-threshold
times of the inbound stream with wind jitter and keep the minimum separation. Returns the jitter
applied at each cycle."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ArrivalSequencer(nn.Module):
    n_inbound: int = 6
    min_sep_s: float = 90.0

    @nn.compact
    def __call__(self, planned, cycles: int):
        wind_scale = self.param("wind_scale", nn.initializers.constant(12.0), ())

        def cycle(times, _):
            jitter = wind_scale * jax.random.normal(self.make_rng("jitter"), (self.n_inbound,))
            times = jnp.sort(planned + jitter)
            gaps = jnp.diff(times)
            times = times.at[1:].add(jnp.maximum(self.min_sep_s - gaps, 0.0))
            return times, jitter

        _, jitters = jax.lax.scan(cycle, planned, None, length=cycles)
        return jitters


def main():
    planned = jnp.arange(6, dtype=jnp.float32) * 100.0
    seq = ArrivalSequencer()
    variables = seq.init({"params": jax.random.key(0), "jitter": jax.random.key(1)}, planned, 2)
    jitters = seq.apply(variables, planned, 5, rngs={"jitter": jax.random.key(7)})
    return jitters
