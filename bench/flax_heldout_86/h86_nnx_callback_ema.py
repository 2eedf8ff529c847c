# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the split/merge scan body hands the merged model to callbacks; the EMA callback stores the traced nnx.state of its params on itself
"""Callback system (NNX): EMA-of-weights callback fed from a split/merge training scan."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


class Callback:
    def on_step(self, model, loss):
        pass


class EMAWeights(Callback):
    def __init__(self, model, decay=0.99):
        self.decay = decay
        self.shadow = nnx.state(model, nnx.Param)

    def on_step(self, model, loss):
        params = nnx.state(model, nnx.Param)
        self.shadow = jax.tree.map(lambda s, p: self.decay * s + (1 - self.decay) * p,
                                   self.shadow, params)


class Trainer:
    def __init__(self, callbacks_factory):
        self.model = MLP(nnx.Rngs(0))
        self.optimizer = nnx.Optimizer(self.model, optax.sgd(0.05), wrt=nnx.Param)
        self.callbacks = callbacks_factory(self.model)

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            for cb in self.callbacks:
                cb.on_step(model, loss)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(step, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    trainer = Trainer(lambda m: [EMAWeights(m)])
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 4))
    trainer.fit(xs, xs.sum(-1))
    ema_model = nnx.clone(trainer.model)
    nnx.update(ema_model, trainer.callbacks[0].shadow)
    ema_model(xs[0]).block_until_ready()
    return None
