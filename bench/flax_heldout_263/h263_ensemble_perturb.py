# label: same-values
# flax-error: none
# class: 3 the scan body calls self.perturber.jitter, which draws self.make_rng("perturb") on the Perturber submodule
"""Ensemble nowcasting: perturb the analysis field once per member and advect each member one frame."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

scan = jax.lax.scan


class Perturber(nn.Module):
    amplitude: float = 0.05

    def jitter(self, field):
        noise = jax.random.normal(self.make_rng("perturb"), field.shape)
        return field * (1.0 + self.amplitude * noise)


class MemberAdvector(nn.Module):
    @nn.compact
    def __call__(self, field):
        return field + 0.1 * jnp.tanh(nn.Dense(field.shape[-1], name="drift")(field))


class EnsembleNowcaster(nn.Module):
    members: int = 4

    def setup(self):
        self.perturber = Perturber()
        self.advect = MemberAdvector()

    def control(self, field):
        return self.advect(field)

    def __call__(self, field):
        def member(_, __):
            return None, self.advect(self.perturber.jitter(field))

        _, forecasts = scan(member, None, None, length=self.members)
        return forecasts


@dataclasses.dataclass(frozen=True)
class EnsembleRequest:
    station_grid: jax.Array
    seed: int = 21

    @property
    def rngs(self):
        return {"perturb": jax.random.key(self.seed)}


def run_ensemble(model: EnsembleNowcaster, request: EnsembleRequest):
    variables = model.init(jax.random.key(0), request.station_grid, method=EnsembleNowcaster.control)
    return model.apply(variables, request.station_grid, rngs=request.rngs)


def main():
    grid = jnp.linspace(0.2, 1.4, 6).reshape(2, 3)
    forecasts = run_ensemble(EnsembleNowcaster(), EnsembleRequest(grid))
    return forecasts
