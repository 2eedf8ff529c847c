# label: ok
# flax-error: none
# class: 2 stochastic parameterisation submodule gets a key made once before the raw scan and folded with the step index
"""Climate emulator: a learned column model with a stochastic sub-grid parameterisation."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class EmulatorConfig:
    levels: int = 8
    hidden: int = 32
    horizon: int = 5
    noise_amplitude: float = 0.2
    dt: float = 0.1


class SubgridParameterisation(nn.Module):
    cfg: EmulatorConfig

    @nn.compact
    def __call__(self, column, key):
        h = nn.swish(nn.Dense(self.cfg.hidden)(column))
        tendency = nn.Dense(self.cfg.levels)(h)
        perturbation = 1.0 + self.cfg.noise_amplitude * jax.random.normal(key, (self.cfg.levels,))
        return tendency * perturbation, perturbation


class ResolvedDynamics(nn.Module):
    cfg: EmulatorConfig

    @nn.compact
    def __call__(self, column):
        return nn.Dense(self.cfg.levels, use_bias=False)(column) - column


class ColumnEmulator(nn.Module):
    cfg: EmulatorConfig

    def setup(self):
        self.dynamics = ResolvedDynamics(self.cfg)
        self.subgrid = SubgridParameterisation(self.cfg)

    def __call__(self, column):
        base_key = self.make_rng("stochastic")

        def advance(state, t):
            key = jax.random.fold_in(base_key, t)
            forcing, perturbation = self.subgrid(state, key)
            state = state + self.cfg.dt * (self.dynamics(state) + forcing)
            return state, perturbation

        self.subgrid(column, base_key)
        self.dynamics(column)
        return jax.lax.scan(advance, column, jnp.arange(self.cfg.horizon))


def main():
    cfg = EmulatorConfig()
    model = ColumnEmulator(cfg)
    column = jnp.sin(jnp.linspace(0.0, 3.0, cfg.levels))
    variables = model.init({"params": jax.random.key(0), "stochastic": jax.random.key(1)}, column)
    final, perturbations = model.apply(variables, column, rngs={"stochastic": jax.random.key(2)})
    print("column energy", float(jnp.sum(final ** 2)))
    return perturbations
