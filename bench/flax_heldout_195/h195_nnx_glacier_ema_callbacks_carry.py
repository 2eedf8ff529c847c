# label: ok
# flax-error: none
# class: 4 MeltRunner -> CallbackList -> EmaHook writes melt_ema (an nnx.Variable subclass) on a model nnx.merge'd in the fori_loop body from state carried through the loop
"""Glacier melt forecasting: a runner steps the melt model through a season of daily weather and
fires callbacks after each day. One hook keeps an exponential average of predicted melt on the
model so the next season starts from it."""
from typing import List

import jax
import jax.numpy as jnp
from flax import nnx


class MeltStat(nnx.Variable):
    """Running statistics that are neither parameters nor batch statistics."""


class MeltModel(nnx.Module):
    def __init__(self, weather: int, rngs: nnx.Rngs):
        self.degree_day = nnx.Linear(weather, 1, rngs=rngs)
        self.melt_ema = MeltStat(jnp.zeros(()))

    def __call__(self, day):
        return nnx.softplus(self.degree_day(day))[0]


class Callback:
    def on_day(self, model, melt):
        pass


class EmaHook(Callback):
    def __init__(self, decay: float = 0.9):
        self.decay = decay

    def on_day(self, model, melt):
        model.melt_ema.value = self.decay * model.melt_ema.value + (1 - self.decay) * melt


class CallbackList:
    def __init__(self, callbacks: List[Callback]):
        self.callbacks = callbacks

    def on_day(self, model, melt):
        for callback in self.callbacks:
            callback.on_day(model, melt)


class MeltRunner:
    def __init__(self, model: MeltModel, callbacks: CallbackList):
        self.model = model
        self.callbacks = callbacks

    def season(self, weather):
        graphdef, state = nnx.split(self.model)

        def day(i, carry):
            total, state = carry
            model = nnx.merge(graphdef, state)
            melt = model(weather[i])
            self.callbacks.on_day(model, melt)
            return total + melt, nnx.state(model)

        total, state = jax.lax.fori_loop(0, weather.shape[0], day, (jnp.zeros(()), state))
        nnx.update(self.model, state)
        return total


def main():
    model = MeltModel(weather=5, rngs=nnx.Rngs(2))
    weather = jax.random.normal(jax.random.key(8), (30, 5))
    MeltRunner(model, CallbackList([Callback(), EmaHook()])).season(weather)
    return None
