# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the params updated in the lax.while_loop body go through Trainer.callbacks to EMAHook.on_step, which keeps their average on the hook for the Evaluator
"""Train-delay regression for a regional railway operator.

The trainer fits a small delay predictor on timetable features until the loss is low enough,
and a callback list lets ops teams plug in extras; the EMA hook keeps a smoothed copy of the
weights that the evaluator scores before a model is published to the station displays.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DelayPredictor(nn.Module):
    @nn.compact
    def __call__(self, features):
        return nn.Dense(1)(nn.relu(nn.Dense(16)(features)))[..., 0]


class Callback:
    def on_train_begin(self, params):
        pass

    def on_step(self, step, params):
        pass


class EMAHook(Callback):
    def __init__(self, decay: float):
        self.decay = decay
        self.shadow = None

    def on_train_begin(self, params):
        self.shadow = params

    def on_step(self, step, params):
        d = self.decay
        self.shadow = jax.tree.map(lambda s, p: d * s + (1.0 - d) * p, self.shadow, params)


@dataclasses.dataclass(frozen=True)
class FitConfig:
    lr: float = 0.05
    max_steps: int = 25
    tol: float = 1e-3


class Trainer:
    def __init__(self, model, config: FitConfig, callbacks):
        self.model, self.config, self.callbacks = model, config, list(callbacks)

    def fit(self, params, x, y):
        cfg = self.config
        for cb in self.callbacks:
            cb.on_train_begin(params)

        def loss_fn(p):
            return jnp.mean((self.model.apply({"params": p}, x) - y) ** 2)

        def keep_going(state):
            step, _, loss = state
            return (step < cfg.max_steps) & (loss > cfg.tol)

        def train_step(state):
            step, params, _ = state
            loss, grads = jax.value_and_grad(loss_fn)(params)
            params = jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads)
            for cb in self.callbacks:
                cb.on_step(step, params)
            return step + 1, params, loss

        _, params, _ = lax.while_loop(keep_going, train_step, (jnp.int32(0), params, jnp.float32(jnp.inf)))
        return params


class Evaluator:
    def __init__(self, model):
        self.model = model

    def score(self, params, x, y):
        return float(jnp.mean(jnp.abs(self.model.apply({"params": params}, x) - y)))


def main():
    model = DelayPredictor()
    x = jnp.linspace(-1.0, 1.0, 16 * 5).reshape(16, 5)
    y = x @ jnp.array([0.5, -0.2, 0.1, 0.3, 0.0])
    params = model.init(jax.random.key(0), x)["params"]
    ema = EMAHook(decay=0.8)
    Trainer(model, FitConfig(), [ema]).fit(params, x, y)
    Evaluator(model).score(ema.shadow, x, y)
    return None
