# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a Trainer carries nnx.split state through the scan; the body writes the EMA of nnx.state(model, nnx.Param) onto self.ema_params, which is nnx.update()d into the eval model after the loop
"""NNX trainer keeping an exponential moving average of the weights for evaluation."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Trainer:
    def __init__(self, model: Net, tx, ema_decay=0.9):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.ema_decay = ema_decay
        self.ema_params = nnx.state(model, nnx.Param)

    def _ema(self, new_params):
        d = self.ema_decay
        return jax.tree.map(lambda e, p: d * e + (1 - d) * p, self.ema_params, new_params)

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)

            def loss_fn(m):
                return optax.softmax_cross_entropy_with_integer_labels(m(x), y).mean()

            loss, grads = nnx.value_and_grad(loss_fn)(model)
            optimizer.update(model, grads)
            self.ema_params = self._ema(nnx.state(model, nnx.Param))
            _, state = nnx.split((model, optimizer))
            return state, loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses

    def eval_model(self):
        graphdef, state = nnx.split(self.model)
        ema_model = nnx.merge(graphdef, state)
        nnx.update(ema_model, self.ema_params)
        return ema_model


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 4))
    ys = (xs.sum(-1) > 0).astype(jnp.int32)
    trainer = Trainer(Net(nnx.Rngs(0)), optax.adam(1e-2))
    trainer.fit(xs, ys)
    logits = trainer.eval_model()(xs[0])
    print("ema accuracy", jnp.mean(jnp.argmax(logits, -1) == ys[0]))
    return None
