# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the local `swa` dict of train() is closed over by the fori_loop body, which stores the running weight average into it
"""Stochastic weight averaging for a small MLP regressor: SGD steps in lax.fori_loop, and a
running average of the weights kept next to the loop; the averaged weights are evaluated at
the end."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.gelu(nn.Dense(32)(x))
        return nn.Dense(1)(x)


def train(model, params, xs, ys, n_steps):
    tx = optax.sgd(0.05, momentum=0.9)
    opt_state = tx.init(params)
    swa = {'params': params}

    def loss_fn(p, x, y):
        return jnp.mean((model.apply({'params': p}, x) - y) ** 2)

    def body(i, carry):
        params, opt_state = carry
        grads = jax.grad(loss_fn)(params, xs[i], ys[i])
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        w = 1.0 / (i + 1.0)
        swa['params'] = jax.tree.map(lambda a, p: (1 - w) * a + w * p, swa['params'], params)
        return params, opt_state

    params, opt_state = lax.fori_loop(0, n_steps, body, (params, opt_state))
    return params, swa['params']


def main():
    key = jax.random.key(0)
    xs = jax.random.normal(key, (20, 16, 3))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    model = MLP()
    params = model.init(jax.random.key(1), xs[0])['params']
    params, swa_params = train(model, params, xs, ys, n_steps=20)
    test_loss = jnp.mean((model.apply({'params': swa_params}, xs[-1]) - ys[-1]) ** 2)
    print("swa test loss", float(test_loss))
    return None
