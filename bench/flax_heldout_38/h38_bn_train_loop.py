# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 model.apply(mutable=["batch_stats"]) runs inside the raw scan step and the new stats are written to an outer dict instead of the carry
"""Training loop for a small BatchNorm classifier ported from PyTorch, where BatchNorm
updates its running stats in place. The scanned train step keeps the params in the carry
but stores the updated batch_stats in the outer `state` dict, as the PyTorch module would."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class Classifier(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.classes)(x)


def main():
    model = Classifier()
    xs = jax.random.normal(jax.random.PRNGKey(1), (6, 16, 8))
    ys = jnp.arange(6 * 16).reshape(6, 16) % 3
    variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
    state = {"params": variables["params"], "batch_stats": variables["batch_stats"]}
    lr = 0.1

    def train_step(params, batch):
        x, y = batch

        def loss_fn(params):
            logits, updates = model.apply(
                {"params": params, "batch_stats": state["batch_stats"]},
                x, train=True, mutable=["batch_stats"])
            onehot = jax.nn.one_hot(y, 3)
            loss = -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), -1))
            return loss, updates

        (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        state["batch_stats"] = updates["batch_stats"]
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, loss

    params, losses = scan(train_step, state["params"], (xs, ys))
    logits = model.apply({"params": params, "batch_stats": state["batch_stats"]}, xs[0], train=False)
    jnp.sum(logits).block_until_ready()
