# label: ok
# flax-error: none
# class: 1 MAML: inner SGD steps as lax.scan over jax.grad of model.apply on a params pytree; outer meta-gradient
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(40)(nn.relu(nn.Dense(40)(x)))))


model = Regressor()


def mse(params, x, y):
    return jnp.mean((model.apply(params, x) - y) ** 2)


def adapt(params, x, y, inner_lr=0.01, steps=5):
    def inner_step(p, _):
        g = jax.grad(mse)(p, x, y)
        p = jax.tree.map(lambda a, b: a - inner_lr * b, p, g)
        return p, None

    params, _ = jax.lax.scan(inner_step, params, None, length=steps)
    return params


def maml_loss(params, task):
    xs, ys, xq, yq = task
    adapted = adapt(params, xs, ys)
    return mse(adapted, xq, yq)


def main():
    key = jax.random.PRNGKey(0)
    params = model.init(key, jnp.zeros((1, 1)))
    opt = optax.adam(1e-3)
    opt_state = opt.init(params)
    xs = jax.random.uniform(key, (10, 1), minval=-5, maxval=5)
    task = (xs, jnp.sin(xs), xs + 0.1, jnp.sin(xs + 0.1))
    for _ in range(2):
        loss, g = jax.value_and_grad(maml_loss)(params, task)
        updates, opt_state = opt.update(g, opt_state)
        params = optax.apply_updates(params, updates)
    print(loss)
    return None
