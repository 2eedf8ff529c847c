# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 DispersionService.run_forecast -> self.runner.advance -> model.apply(self.variables, ..., train=True) inside the scan body
"""Volcanic ash dispersion forecast service.

A learned advection cell moves the vertical ash column forward one hour at a time, driven by the
forecast wind profile. The service owns a runner that holds the trained variables.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class PlumeCell(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, column, wind, train: bool = True):
        h = nn.Dense(self.hidden)(jnp.concatenate([column, wind], axis=-1))
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        delta = nn.Dense(column.shape[-1])(nn.gelu(h))
        return nn.relu(column + 0.1 * jnp.tanh(delta))


@dataclasses.dataclass
class PlumeRunner:
    model: PlumeCell
    variables: dict

    def advance(self, column, wind):
        return self.model.apply(self.variables, column, wind, train=True)


class DispersionService:
    def __init__(self, runner: PlumeRunner, horizon_hours: int):
        self.runner = runner
        self.horizon_hours = horizon_hours

    def run_forecast(self, column0, winds):
        def hour(column, wind):
            column = self.runner.advance(column, wind)
            return column, column.sum(axis=-1)

        final, load = lax.scan(hour, column0, winds[: self.horizon_hours])
        return final, load


def main():
    vents, levels = 4, 6
    column0 = jnp.linspace(0.0, 1.0, vents * levels).reshape(vents, levels)
    winds = jnp.sin(jnp.arange(12.0))[:, None, None] * jnp.ones((12, vents, 3))
    model = PlumeCell()
    variables = model.init(jax.random.key(0), column0, winds[0])
    service = DispersionService(PlumeRunner(model, variables), horizon_hours=12)
    final, load = service.run_forecast(column0, winds)
    jax.block_until_ready((final, load))
    return None
