# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(CheckpointKineticsBlock_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 an nn.remat-wrapped block with training-mode BatchNorm is called in the while_loop body of the controller module; apply is not given mutable
"""Brewery fermentation controller: step the gravity/temperature state of a fermenter until the
target gravity is reached, with a rematerialised block to keep memory down on long batches."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


@dataclasses.dataclass(frozen=True)
class FermentConfig:
    width: int = 16
    target_gravity: float = 1.012
    max_hours: int = 200


class KineticsBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, state):
        h = nn.Dense(self.width)(state)
        h = nn.BatchNorm(use_running_average=False)(h)
        return nn.Dense(state.shape[-1])(nn.silu(h))


class FermentController(nn.Module):
    config: FermentConfig

    @nn.compact
    def __call__(self, tanks):
        block = nn.remat(KineticsBlock)(self.config.width)
        block(tanks)

        def not_done(carry):
            hour, s = carry
            return jnp.logical_and(hour < self.config.max_hours, s[:, 0].mean() > self.config.target_gravity)

        def hour_step(carry):
            hour, s = carry
            delta = 1e-3 * jnp.tanh(block(s))
            return hour + 1, s.at[:, 0].add(-jnp.abs(delta[:, 0]) - 1e-4)

        return while_loop(not_done, hour_step, (0, tanks))


def main():
    tanks = jnp.stack([jnp.linspace(1.050, 1.060, 4), jnp.linspace(18.0, 20.0, 4), jnp.ones(4)], axis=-1)
    controller = FermentController(FermentConfig())
    variables = controller.init(jax.random.key(0), tanks)
    hours, final = controller.apply(variables, tanks)
    jax.block_until_ready(final)
    return None
