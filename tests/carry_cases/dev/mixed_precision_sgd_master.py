# label: ok
# jax-error: none
# class: 1 float32 master weights updated with a bfloat16 gradient (float32 - bfloat16 promotes back to float32)
import jax
import jax.numpy as jnp


def loss(w, x, y):
    pred = (x.astype(jnp.bfloat16) @ w.astype(jnp.bfloat16))
    return jnp.mean((pred - y.astype(jnp.bfloat16)) ** 2)


def main():
    key = jax.random.PRNGKey(0)
    xs = jax.random.normal(key, (10, 4, 3))
    ys = jax.random.normal(key, (10, 4))

    def sgd_step(w, batch):
        x, y = batch
        g = jax.grad(loss)(w.astype(jnp.bfloat16), x, y)
        w = w - 0.1 * g
        return w, loss(w, x, y)

    w, losses = jax.lax.scan(sgd_step, jnp.zeros(3, jnp.float32), (xs, ys))
    return w
