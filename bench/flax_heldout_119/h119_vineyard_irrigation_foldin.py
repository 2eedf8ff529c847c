# label: ok
# flax-error: none
# class: 1 the module method sample_schedules runs the fori_loop; self.make_rng('explore') is called before the loop and folded in with the step index in the body
"""Vineyard irrigation: sample exploratory watering schedules per vine block around the policy mean."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class IrrigationPolicy(nn.Module):
    blocks: int = 5
    hours: int = 24

    def setup(self):
        self.encoder = nn.Dense(32)
        self.mean_head = nn.Dense(self.blocks * self.hours)
        self.log_std = self.param("log_std", nn.initializers.constant(-1.0), (self.blocks * self.hours,))

    def __call__(self, soil):
        mean = self.mean_head(nn.relu(self.encoder(soil)))
        return mean.reshape(self.blocks, self.hours)

    def sample_schedules(self, soil, num_schedules: int):
        mean = self(soil)
        std = jnp.exp(self.log_std).reshape(self.blocks, self.hours)
        buffer = jnp.zeros((num_schedules, self.blocks, self.hours))
        base_key = self.make_rng("explore")

        def draw(i, buf):
            noise = jax.random.normal(jax.random.fold_in(base_key, i), mean.shape)
            litres = jax.nn.softplus(mean + std * noise)
            return buf.at[i].set(litres)

        return lax.fori_loop(0, num_schedules, draw, buffer)


def main():
    soil = jax.random.uniform(jax.random.key(0), (12,))
    policy = IrrigationPolicy()
    variables = policy.init(jax.random.key(1), soil)
    schedules = policy.apply(variables, soil, 8, method=IrrigationPolicy.sample_schedules,
                             rngs={"explore": jax.random.key(2)})
    return schedules
