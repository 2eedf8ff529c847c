# label: same-values
# flax-error: none
# class: 1 PrecipNowcaster.ensemble_rollout owns the "perturb" rng stream and runs the scan itself, calling self.make_rng inside the body
"""Radar precipitation nowcasting: perturbed ensemble members advected over lead times."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class PrecipNowcaster(nn.Module):
    grid: int = 6
    members: int = 3
    spread: float = 0.1

    def setup(self):
        self.advect = nn.Dense(self.grid, name="advection")
        self.decay = self.param("growth_decay", nn.initializers.constant(0.95), ())

    def __call__(self, field):
        return self.decay * self.advect(field)

    def ensemble_rollout(self, field, lead_times):
        def body(state, lead):
            key = self.make_rng("perturb")
            noise = self.spread * jax.random.normal(key, (self.members, self.grid))
            members = state[None, :] + noise
            forecast = self.decay * self.advect(members)
            return forecast.mean(axis=0), noise

        _, perturbations = lax.scan(body, field, lead_times)
        return perturbations


def run_nowcast(radar_field, num_leads=5):
    model = PrecipNowcaster()
    variables = model.init(jax.random.key(0), radar_field)
    return model.apply(
        variables,
        radar_field,
        jnp.arange(num_leads),
        method=PrecipNowcaster.ensemble_rollout,
        rngs={"perturb": jax.random.key(42)},
    )


def main():
    radar = jnp.linspace(0.0, 1.0, 6)
    return run_nowcast(radar)
