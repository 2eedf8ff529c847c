# label: ok
# flax-error: none
# class: 2 a key taken with self.make_rng before the loop is a local of the module method; the scan body folds in the step from xs
"""Kelp forest monitoring: stochastic drift of kelp spores released from a bed,
one perturbed current sample per tidal step."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SporeDrift(nn.Module):
    tidal_steps: int = 6

    @nn.compact
    def __call__(self, current):
        mix = nn.Dense(2, name="current_mix")
        scale = self.param("turbulence", nn.initializers.constant(0.3), (2,))
        mean_flow = mix(current)
        eddy_key = self.make_rng("eddies")

        def body(position, t):
            eddy = scale * jax.random.normal(jax.random.fold_in(eddy_key, t), (2,))
            step = mean_flow + eddy
            return position + step, eddy

        _, eddies = jax.lax.scan(body, jnp.zeros(2), jnp.arange(self.tidal_steps))
        return eddies


def simulate_release(model, variables, current, seed):
    return model.apply(variables, current, rngs={"eddies": jax.random.key(seed)})


def main():
    model = SporeDrift()
    current = jnp.array([0.4, -0.1, 0.05])  # u, v, tide phase
    variables = model.init({"params": jax.random.key(0), "eddies": jax.random.key(1)}, current)
    return simulate_release(model, variables, current, seed=11)
