# label: same-values
# flax-error: none
# class: 3 FiringScheduler.plan reads self.jitter_key and passes it as rngs={'jitter': ...} to model.apply in every fori_loop iteration
"""Ceramic kiln firing schedule: a ramp planner that perturbs each segment's setpoint with
learned jitter so glaze tests explore nearby firing curves."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class RampJitter(nn.Module):
    segments: int = 7

    @nn.compact
    def __call__(self, segment_features):
        ramp = nn.Dense(3, name="ramp")(segment_features)
        spread = nn.softplus(self.param("spread", nn.initializers.ones, (3,)))
        noise = jax.random.normal(self.make_rng("jitter"), (3,))
        return {"ramp": ramp, "jitter": spread * noise}


class FiringScheduler:
    def __init__(self, model, variables, seed):
        self.model = model
        self.variables = variables
        self.jitter_key = jax.random.key(seed)

    def plan(self, segment_features):
        segments = segment_features.shape[0]

        def segment(i, offsets):
            out = self.model.apply(self.variables, segment_features[i],
                                   rngs={"jitter": self.jitter_key})
            return offsets.at[i].set(out["jitter"])

        # Only the exploration offsets go to the glaze-test log.
        return fori_loop(0, segments, segment, jnp.zeros((segments, 3)))


def main():
    model = RampJitter()
    features = jnp.linspace(600.0, 1240.0, 7 * 2).reshape(7, 2)
    variables = model.init({"params": jax.random.key(0), "jitter": jax.random.key(1)}, features[0])
    return FiringScheduler(model, variables, seed=21).plan(features)
