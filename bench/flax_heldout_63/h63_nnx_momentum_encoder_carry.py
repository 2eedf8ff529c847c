# label: ok
# flax-error: none
# class: 2 both the online and the momentum encoder params travel in the while_loop carry; the EMA is a pure tree map
"""BYOL/MoCo-style contrastive training in NNX with jax.lax.while_loop; momentum params carried."""
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
    k_params = nnx.state(momentum, nnx.Param)
    views = jax.random.normal(jax.random.key(1), (5, 2, 6, 12))
    steps = views.shape[0]

    def loss_fn(params, k_params, v1, v2):
        q = nnx.merge(graphdef, params)(v1)
        k = jax.lax.stop_gradient(nnx.merge(graphdef, k_params)(v2))
        return info_nce(q, k)

    def cond(carry):
        return carry[0] < steps

    def body(carry):
        i, params, k_params, opt_state = carry
        grads = jax.grad(loss_fn)(params, k_params, views[i, 0], views[i, 1])
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        k_params = jax.tree.map(lambda k, q: 0.99 * k + 0.01 * q, k_params, params)
        return i + 1, params, k_params, opt_state

    _, params, k_params, _ = jax.lax.while_loop(cond, body, (0, params, k_params, tx.init(params)))
    nnx.update(online, params)
    nnx.update(momentum, k_params)
    return None
