# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the Trainer's model and optimizer are merged inside the fori_loop body and the merged copies are assigned back to self.model / self.optimizer
"""Forecasting with a recurrent-batch-norm RNN cell; the Trainer steps an nnx.Optimizer inside fori_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class BNRNNCell(nnx.Module):
    def __init__(self, in_features: int, hidden: int, *, rngs: nnx.Rngs):
        self.input_proj = nnx.Linear(in_features, hidden, rngs=rngs)
        self.recurrent = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)

    def __call__(self, h, x):
        return jnp.tanh(self.bn(self.recurrent(h)) + self.input_proj(x))


class Forecaster(nnx.Module):
    def __init__(self, in_features=3, hidden=8, *, rngs: nnx.Rngs):
        self.cell = BNRNNCell(in_features, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)
        self.hidden = hidden

    def __call__(self, xs):
        # xs: [batch, time, features]; short windows, unrolled
        h = jnp.zeros((xs.shape[0], self.hidden))
        for t in range(xs.shape[1]):
            h = self.cell(h, xs[:, t])
        return self.head(h)[:, 0]


def mse(model, xs, ys):
    return jnp.mean((model(xs) - ys) ** 2)


class Trainer:
    def __init__(self, model, tx):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def train_step(i, carry):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, xs[i], ys[i])
            optimizer.update(model, grads)
            self.model, self.optimizer = model, optimizer
            return nnx.state((model, optimizer)), total + loss

        state, total = fori_loop(0, xs.shape[0], train_step, (state, 0.0))
        return total / xs.shape[0]

    def evaluate(self, xs, ys):
        eval_model = nnx.clone(self.model)
        eval_model.eval()
        return mse(eval_model, xs, ys)


def main():
    key_x, key_v = jax.random.split(jax.random.key(0))
    xs = jax.random.normal(key_x, (4, 6, 5, 3))  # [batches, batch, time, features]
    ys = xs[..., -1, 0] * 0.5
    trainer = Trainer(Forecaster(rngs=nnx.Rngs(1)), optax.adam(1e-2))
    train_loss = trainer.fit(xs, ys)
    x_val = jax.random.normal(key_v, (6, 5, 3))
    val_loss = trainer.evaluate(x_val, x_val[:, -1, 0] * 0.5)
    jax.block_until_ready((train_loss, val_loss))
    return None


if __name__ == "__main__":
    main()
