# label: ok
# flax-error: none
# class: 5 MeltRunner._forward = jax.checkpoint(partial(model.apply, variables, mutable=["intermediates"])); the sown ablation leaves the scan as ys and reaches the hooks afterwards
"""Daily ablation model for a valley glacier's stake network.

The runner rematerialises the forward pass (the production model runs over decades of days) and
hands the sown per-stake ablation to recorder hooks for the mass-balance report.
"""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class MeltModel(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, weather):
        h = nn.relu(nn.Dense(self.hidden)(weather))
        ablation = nn.softplus(nn.Dense(1)(h))[..., 0]
        self.sow("intermediates", "ablation", ablation)
        return ablation.sum()


class AblationRecorder:
    def __init__(self):
        self.days = []

    def __call__(self, aux):
        (ablation,) = aux["intermediates"]["ablation"]
        self.days.extend(list(ablation))

    def summary(self):
        per_stake = jnp.stack(self.days)
        return {"cumulative": per_stake.sum(axis=0), "max_day": per_stake.max()}


class MeltRunner:
    def __init__(self, model: MeltModel, variables, hooks):
        self._forward = jax.checkpoint(
            functools.partial(model.apply, variables, mutable=["intermediates"])
        )
        self.hooks = list(hooks)

    def run_season(self, weather):
        def day(balance, w):
            melt, aux = self._forward(w)
            return balance - melt, (melt, aux)

        balance, (daily, aux) = lax.scan(day, jnp.zeros(()), weather)
        for hook in self.hooks:
            hook(aux)
        return balance, daily


def main():
    weather = jax.random.normal(jax.random.key(8), (9, 6, 4))  # days x stakes x features
    model = MeltModel()
    variables = {"params": model.init(jax.random.key(0), weather[0])["params"]}
    recorder = AblationRecorder()
    runner = MeltRunner(model, variables, [recorder])
    balance, daily = runner.run_season(weather)
    report = recorder.summary()
    jax.block_until_ready((balance, daily, report))
    return None
