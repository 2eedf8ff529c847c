# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the trainer's scan body (wrapped in jax.checkpoint) passes the merged model to each callback; the EMACallback reassigns its shadow pytree from nnx.state(model, nnx.Param), and the shadow is read after the loop
"""NNX trainer with a callback list; one callback keeps an exponential moving average of
the weights for evaluation.

The epoch is a raw `jax.lax.scan` over batches with a rematerialised (`jax.checkpoint`)
step. Model and optimizer are threaded through the carry via split/merge; callbacks get
the merged model after every update.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


class Callback:
    def on_train_step_end(self, model, loss):
        pass


class EMACallback(Callback):
    def __init__(self, model, decay=0.99):
        self.decay = decay
        self.shadow = jax.tree.map(jnp.copy, nnx.state(model, nnx.Param))

    def on_train_step_end(self, model, loss):
        params = nnx.state(model, nnx.Param)
        self.shadow = jax.tree.map(
            lambda e, p: self.decay * e + (1.0 - self.decay) * p, self.shadow, params)

    def ema_model(self, model):
        graphdef, _, rest = nnx.split(model, nnx.Param, ...)
        return nnx.merge(graphdef, self.shadow, rest)


class Trainer:
    def __init__(self, model, tx, callbacks=()):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.callbacks = list(callbacks)

    def fit_epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        @jax.checkpoint
        def step(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            for cb in self.callbacks:
                cb.on_train_step_end(model, loss)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(step, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    model = Net(nnx.Rngs(0))
    ema = EMACallback(model)
    trainer = Trainer(model, optax.sgd(0.05), callbacks=[ema])
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 4))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    trainer.fit_epoch(xs, ys)
    ema_model = ema.ema_model(model)
    ema_model(xs[0]).block_until_ready()
    return None
