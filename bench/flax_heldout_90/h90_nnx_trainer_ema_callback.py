# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 Trainer carries (model, optimizer) state correctly, but its EMACallback nnx.update()s the outer EMA model from inside the scan body
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class Forecaster(nnx.Module):
    def __init__(self, d, *, rngs):
        self.l1 = nnx.Linear(d, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


class EMACallback:
    def __init__(self, ema_model, decay=0.99):
        self.ema_model = ema_model
        self.decay = decay

    def on_step_end(self, model):
        ema_params = nnx.state(self.ema_model, nnx.Param)
        new_params = nnx.state(model, nnx.Param)
        blended = jax.tree.map(lambda e, p: self.decay * e + (1 - self.decay) * p, ema_params, new_params)
        nnx.update(self.ema_model, blended)


class Trainer:
    def __init__(self, model, tx, callbacks=()):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.callbacks = list(callbacks)

    @staticmethod
    def loss_fn(model, batch):
        return jnp.mean((model(batch["x"]) - batch["y"]) ** 2)

    def fit(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(self.loss_fn)(model, batch)
            optimizer.update(model, grads)
            for cb in self.callbacks:
                cb.on_step_end(model)
            return nnx.state((model, optimizer)), loss

        state, losses = scan(body, state, batches)
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    model = Forecaster(4, rngs=nnx.Rngs(0))
    ema = nnx.clone(model)
    trainer = Trainer(model, optax.sgd(1e-2), callbacks=[EMACallback(ema)])
    trainer.fit({"x": jnp.ones((5, 8, 4)), "y": jnp.zeros((5, 8))})
    return None
