# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 LoadForecaster.self.net is model.bind(variables) (immutable); the while_loop body calls the bound net, whose BatchNorm runs in training mode
"""Day-ahead load forecaster for a regional power grid, rolled out autoregressively."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class FeederConfig:
    window: int = 24  # hourly readings fed back in
    hidden: int = 32
    training: bool = True


class LoadNet(nn.Module):
    cfg: FeederConfig

    @nn.compact
    def __call__(self, window):
        h = nn.Dense(self.cfg.hidden)(window)
        h = nn.BatchNorm(use_running_average=not self.cfg.training)(h[None])[0]
        return nn.softplus(nn.Dense(1)(nn.swish(h)))[0]  # next-hour load in MW


class LoadForecaster:
    def __init__(self, model: LoadNet, variables, horizon: int):
        self.net = model.bind(variables)
        self.horizon = horizon

    def rollout(self, history):
        out = jnp.zeros(self.horizon)

        def not_done(state):
            hour, _, _ = state
            return hour < self.horizon

        def next_hour(state):
            hour, window, out = state
            load = self.net(window)
            window = jnp.concatenate([window[1:], load[None]])
            return hour + 1, window, out.at[hour].set(load)

        _, _, out = lax.while_loop(not_done, next_hour, (0, history, out))
        return out


def main():
    cfg = FeederConfig()
    model = LoadNet(cfg)
    history = 50.0 + 5.0 * jnp.sin(jnp.arange(cfg.window) * 2 * jnp.pi / 24)
    variables = model.init(jax.random.key(0), history)
    forecast = LoadForecaster(model, variables, horizon=12).rollout(history)
    assert forecast.shape == (12,)
    return None
