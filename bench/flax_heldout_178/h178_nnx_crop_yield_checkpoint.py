# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 YieldTrainer.fit -> self.callbacks -> EpochCheckpoint.on_epoch stores nnx.state of the merged model from the scan body; restored with nnx.update after the loop
"""Crop-yield regression: fine-tunes a county-level yield model and keeps the latest state via a callback."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class YieldConfig:
    features: int = 7
    epochs: int = 5
    lr: float = 1e-2


class YieldModel(nnx.Module):
    def __init__(self, features, *, rngs):
        self.norm = nnx.BatchNorm(features, rngs=rngs)
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(self.norm(x)))).squeeze(-1)


class EpochCheckpoint:
    def __init__(self):
        self.latest_state = None

    def on_epoch(self, model, loss):
        self.latest_state = nnx.state(model)


class YieldTrainer:
    def __init__(self, model, config, callbacks):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(config.lr), wrt=nnx.Param)
        self.callbacks = callbacks

    def fit(self, epochs_x, epochs_y):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def epoch(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            for callback in self.callbacks:
                callback.on_epoch(model, loss)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(epoch, state, (epochs_x, epochs_y))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    config = YieldConfig()
    k1, k2 = jax.random.split(jax.random.key(13))
    xs = jax.random.normal(k1, (config.epochs, 24, config.features))
    ys = 3.0 + xs[..., 0] - 0.5 * xs[..., 3] + 0.1 * jax.random.normal(k2, (config.epochs, 24))
    model = YieldModel(config.features, rngs=nnx.Rngs(0))
    checkpoint = EpochCheckpoint()
    YieldTrainer(model, config, [checkpoint]).fit(xs, ys)
    nnx.update(model, checkpoint.latest_state)
    model.eval()
    print("county forecast", model(xs[0, :3]))
    return None
