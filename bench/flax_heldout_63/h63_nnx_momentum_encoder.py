# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the online encoder state is the while_loop carry, but the momentum (key) encoder is closed over and updated with nnx.update in the body
"""BYOL/MoCo-style contrastive training in NNX with jax.lax.while_loop; EMA momentum encoder updated in place."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(12, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 8, rngs=rngs)

    def __call__(self, x):
        z = self.l2(nnx.relu(self.l1(x)))
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def info_nce(q, k, temperature=0.1):
    logits = q @ k.T / temperature
    return optax.softmax_cross_entropy_with_integer_labels(logits, jnp.arange(len(q))).mean()


def main():
    online = Encoder(nnx.Rngs(0))
    momentum = nnx.clone(online)
    tx = optax.adam(1e-3)
    graphdef, params = nnx.split(online, nnx.Param)
    views = jax.random.normal(jax.random.key(1), (5, 2, 6, 12))
    steps = views.shape[0]

    def loss_fn(params, v1, v2):
        q = nnx.merge(graphdef, params)(v1)
        k = jax.lax.stop_gradient(momentum(v2))
        return info_nce(q, k)

    def cond(carry):
        return carry[0] < steps

    def body(carry):
        i, params, opt_state = carry
        grads = jax.grad(loss_fn)(params, views[i, 0], views[i, 1])
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        k_params = nnx.state(momentum, nnx.Param)
        nnx.update(momentum, jax.tree.map(lambda k, q: 0.99 * k + 0.01 * q, k_params, params))
        return i + 1, params, opt_state

    jax.lax.while_loop(cond, body, (0, params, tx.init(params)))
    return None
