# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 emulator built with train=True; its BatchNorm step runs in a fori_loop rollout under apply() without mutable
"""Autoregressive weather emulator (grid of channels) rolled out for several lead times."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Emulator(nn.Module):
    channels: int = 4
    train: bool = True

    @nn.compact
    def __call__(self, state):
        x = nn.Conv(16, (3, 3))(state)
        x = nn.BatchNorm(use_running_average=not self.train)(x)
        x = nn.gelu(x)
        return state + nn.Conv(self.channels, (3, 3))(x)

    def rollout(self, state, lead_steps):
        def body(_, s):
            return self(s)

        return lax.fori_loop(0, lead_steps, body, state)


def forecast(model, variables, init_state, lead_steps=6):
    return model.apply(variables, init_state, lead_steps, method=Emulator.rollout)


def main():
    model = Emulator()
    x0 = jnp.ones((1, 8, 16, 4))
    variables = model.init(jax.random.key(0), x0)
    pred = forecast(model, variables, x0)
    pred.block_until_ready()
    return None
