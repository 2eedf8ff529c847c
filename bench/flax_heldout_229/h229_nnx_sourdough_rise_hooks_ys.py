# label: ok
# flax-error: none
# class: 4 the rise model's outputs leave the scan body as ys and only then go through a Runner's HookList to a RiseLogger hook
"""Sourdough starter fermentation: forecasting the rise of a starter jar hour by
hour; a runner dispatches each forecast hour to a list of hooks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RiseModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.cell = nnx.Linear(3, 3, rngs=rngs)
        self.rise = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, culture, temperature):
        culture = nnx.tanh(self.cell(culture) + temperature)
        return culture, nnx.softplus(self.rise(culture))[0]


class Hook:
    def on_hour(self, hour, rise):
        pass

    def finish(self):
        return None


class RiseLogger(Hook):
    def __init__(self):
        self.rows = []

    def on_hour(self, hour, rise):
        self.rows.append(rise)

    def finish(self):
        return float(jnp.max(jnp.stack(self.rows)))


class HookList:
    def __init__(self, hooks):
        self.hooks = list(hooks)

    def on_hour(self, hour, rise):
        for hook in self.hooks:
            hook.on_hour(hour, rise)

    def finish(self):
        return [hook.finish() for hook in self.hooks]


class Runner:
    def __init__(self, model, hooks: HookList):
        self.model = model
        self.hooks = hooks

    def forecast(self, culture, temperatures):
        def body(culture, hour_temp):
            hour, temp = hour_temp
            culture, rise = self.model(culture, temp)
            return culture, rise

        hours = jnp.arange(temperatures.shape[0])
        _, rises = jax.lax.scan(body, culture, (hours, temperatures))
        for hour in range(rises.shape[0]):
            self.hooks.on_hour(hour, rises[hour])
        return self.hooks.finish()


def main():
    runner = Runner(RiseModel(nnx.Rngs(0)), HookList([Hook(), RiseLogger()]))
    runner.forecast(jnp.array([0.2, 0.5, 0.1]), jnp.linspace(0.1, 0.4, 10))
    return None
