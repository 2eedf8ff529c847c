# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 apply(mutable=["batch_stats"]) in a scan body; the new stats are written to an outer variable with nonlocal
"""Scanned training epoch where the updated batch_stats escape the body through a nonlocal name."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, (3,))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(3)(nn.relu(x).mean(1))


def main():
    model = ConvNet()
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 6, 10, 2))
    labels = jnp.zeros((4, 6), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    tx = optax.sgd(0.1)
    opt_state = tx.init(params)

    def train_step(carry, batch):
        nonlocal batch_stats
        p, s = carry
        x, y = batch

        def loss_fn(p):
            logits, upd = model.apply({"params": p, "batch_stats": batch_stats}, x, train=True,
                                      mutable=["batch_stats"])
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), upd

        (loss, upd), grads = jax.value_and_grad(loss_fn, has_aux=True)(p)
        batch_stats = upd["batch_stats"]
        updates, s = tx.update(grads, s, p)
        return (optax.apply_updates(p, updates), s), loss

    (params, opt_state), losses = jax.lax.scan(train_step, (params, opt_state), (xs, labels))
    eval_logits = model.apply({"params": params, "batch_stats": batch_stats}, xs[0], train=False)
    eval_logits.block_until_ready()
    return None
