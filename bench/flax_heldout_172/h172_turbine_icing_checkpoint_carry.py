# label: ok
# flax-error: none
# class: 5 make_step() is a factory that composes small pure functions around jax.checkpoint(functools.partial(model.apply, mutable=["batch_stats"])); the variables travel in the scan carry
"""Wind-turbine blade icing detector: scores ten-minute SCADA windows for icing risk. The step
function is assembled from small pure functions by a factory."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class IcingConfig:
    n_channels: int = 5
    hidden: int = 10
    adapt_to_site: bool = True


class IcingNet(nn.Module):
    cfg: IcingConfig

    @nn.compact
    def __call__(self, window):
        h = nn.Dense(self.cfg.hidden)(window)
        h = nn.BatchNorm(use_running_average=not self.cfg.adapt_to_site)(h)
        return nn.sigmoid(nn.Dense(1)(nn.relu(h)))[..., 0]


def standardise(window):
    return (window - window.mean(axis=0)) / (window.std(axis=0) + 1e-3)


def clip_outliers(window):
    return jnp.clip(window, -3.0, 3.0)


def compose(*fns):
    return functools.reduce(lambda f, g: lambda x: g(f(x)), fns)


def make_step(model):
    forward = jax.checkpoint(functools.partial(model.apply, mutable=["batch_stats"]))
    prepare = compose(standardise, clip_outliers)

    def step(carry, window):
        alerts, variables = carry
        risk, updates = forward(variables, prepare(window))
        variables = {"params": variables["params"], **updates}
        return (alerts + (risk > 0.5).sum(), variables), risk.mean()

    return step


def main():
    cfg = IcingConfig()
    model = IcingNet(cfg)
    variables = model.init(jax.random.key(0), jnp.zeros((8, cfg.n_channels)))
    step = make_step(model)
    windows = jnp.cos(jnp.arange(6 * 8 * 5, dtype=jnp.float32) * 0.37).reshape(6, 8, 5)
    (alerts, variables), risk = lax.scan(step, (jnp.zeros((), jnp.int32), variables), windows)
    print("alerts", alerts, "risk", risk)
    return None
