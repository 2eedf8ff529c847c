# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[64] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a functools.partial of model.apply with mutable batch_stats runs in the scan body, which stores the new stats in a dict outside the loop
"""SimCLR pretraining steps fused into one lax.scan over pre-augmented batches (NT-Xent loss)."""
import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(64)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(32)(nn.relu(nn.Dense(64)(x)))  # projection head


def nt_xent(z1, z2, temperature=0.2):
    z = jnp.concatenate([z1, z2]) / jnp.linalg.norm(jnp.concatenate([z1, z2]), axis=-1, keepdims=True)
    logits = z @ z.T / temperature - 1e9 * jnp.eye(z.shape[0])
    n = z1.shape[0]
    labels = jnp.concatenate([jnp.arange(n, 2 * n), jnp.arange(n)])
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def pretrain(model, variables, views, tx):
    apply_train = functools.partial(model.apply, mutable=["batch_stats"])
    state = {"batch_stats": variables["batch_stats"]}

    def step(carry, batch):
        params, opt_state = carry
        v1, v2 = batch

        def loss_fn(p):
            z, updates = apply_train({"params": p, "batch_stats": state["batch_stats"]}, jnp.concatenate([v1, v2]))
            z1, z2 = jnp.split(z, 2)
            return nt_xent(z1, z2), updates

        (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        state["batch_stats"] = updates["batch_stats"]
        upd, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, upd), opt_state), loss

    (params, _), losses = jax.lax.scan(step, (variables["params"], tx.init(variables["params"])), views)
    return {"params": params, "batch_stats": state["batch_stats"]}, losses


def main():
    model = Encoder()
    x = jax.random.normal(jax.random.key(0), (5, 2, 8, 16))
    variables = model.init(jax.random.key(1), x[0, 0])
    new_vars, losses = pretrain(model, variables, (x[:, 0], x[:, 1]), optax.adam(1e-3))
    model.apply(new_vars, x[0, 0], train=False)
    return None
