# label: ok
# flax-error: none
# class: 5 a step factory closes over the model and the EmaTracker dataclass; the EMA shadow travels in the fori_loop carry next to the params and is stored on the tracker after the loop
"""Delivery-ETA regressor fitted with an exponential moving average of its weights."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import jax
import jax.numpy as jnp
import flax.linen as fnn
from jax.lax import fori_loop


class EtaRegressor(fnn.Module):
    hidden: tuple = (16, 8)

    @fnn.compact
    def __call__(self, legs):
        x = legs
        for width in self.hidden:
            x = fnn.gelu(fnn.Dense(width)(x))
        return fnn.softplus(fnn.Dense(1)(x))[..., 0]


@dataclass
class EmaTracker:
    decay: float = 0.9
    shadow: Any = None
    updates: int = 0

    def blend(self, shadow, params):
        return jax.tree.map(lambda s, p: self.decay * s + (1.0 - self.decay) * p, shadow, params)

    def commit(self, shadow, count: int) -> None:
        self.shadow = shadow
        self.updates += count


@dataclass
class FitConfig:
    learning_rate: float = 0.05
    steps: int = 6
    extra: dict = field(default_factory=dict)


def make_sgd_step(model: fnn.Module, tracker: EmaTracker, legs, minutes, lr: float) -> Callable:
    def loss_fn(params):
        pred = model.apply({"params": params}, legs)
        return jnp.mean(jnp.abs(pred - minutes))

    def step(_, carry):
        params, shadow = carry
        grads = jax.grad(loss_fn)(params)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, tracker.blend(shadow, params)

    return step


class EtaFitter:
    def __init__(self, model: fnn.Module, tracker: EmaTracker, config: FitConfig):
        self.model = model
        self.tracker = tracker
        self.config = config

    def fit(self, params, legs, minutes):
        step = make_sgd_step(self.model, self.tracker, legs, minutes, self.config.learning_rate)
        params, shadow = fori_loop(0, self.config.steps, step, (params, params))
        self.tracker.commit(shadow, self.config.steps)
        return params

    def shadow_mae(self, legs, minutes):
        pred = self.model.apply({"params": self.tracker.shadow}, legs)
        return jnp.mean(jnp.abs(pred - minutes))


def main():
    k_legs, k_init = jax.random.split(jax.random.key(3))
    legs = jax.random.uniform(k_legs, (12, 4))  # distance, stops, traffic index, hour
    minutes = 10.0 + 30.0 * legs[:, 0] + 4.0 * legs[:, 1]

    model = EtaRegressor()
    params = model.init(k_init, legs)["params"]
    fitter = EtaFitter(model, EmaTracker(decay=0.8), FitConfig())
    fitted = fitter.fit(params, legs, minutes)
    mae = fitter.shadow_mae(legs, minutes)
    jax.block_until_ready((fitted, mae))
    return None
