# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a split/merge train loop carries the model state correctly, but an EMACallback registered on the Trainer stores the traced params from inside the scan body
"""Training loop with a callback system; an EMA callback keeps shadow weights for the wake-word model."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class KeywordNet(nnx.Module):
    def __init__(self, din, *, rngs):
        self.fc = nnx.Linear(din, 2, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


class EMACallback:
    def __init__(self, decay=0.99):
        self.decay = decay
        self.shadow = None

    def on_step(self, model):
        params = nnx.state(model, nnx.Param)
        if self.shadow is None:
            self.shadow = params
        else:
            self.shadow = jax.tree.map(lambda s, p: self.decay * s + (1 - self.decay) * p, self.shadow, params)


class Trainer:
    def __init__(self, model, tx, callbacks=()):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.callbacks = list(callbacks)

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(
                lambda m: optax.softmax_cross_entropy_with_integer_labels(m(x), y).mean())(model)
            optimizer.update(model, grads)
            for cb in self.callbacks:
                cb.on_step(model)
            return nnx.state((model, optimizer)), loss

        state, _ = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)


def main():
    model = KeywordNet(12, rngs=nnx.Rngs(0))
    ema = EMACallback()
    trainer = Trainer(model, optax.sgd(0.1), callbacks=[ema])
    trainer.fit(jnp.ones((6, 8, 12)), jnp.ones((6, 8), jnp.int32))
    eval_model = nnx.clone(model)
    nnx.update(eval_model, ema.shadow)
    eval_model(jnp.ones((1, 12)))
    return None
