# label: ok
# flax-error: none
# class: 5 scan closure inside @nn.compact takes a self-supervised gradient step on fast weights carried by scan; the variable is read before the loop only
"""Test-time training (TTT-Linear) layer: the hidden state is a linear model trained on each token."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class TTTLinear(nn.Module):
    dim: int = 16
    inner_lr: float = 0.1

    @nn.compact
    def __call__(self, xs):
        theta_k = nn.Dense(self.dim, use_bias=False, name="theta_k")
        theta_v = nn.Dense(self.dim, use_bias=False, name="theta_v")
        theta_q = nn.Dense(self.dim, use_bias=False, name="theta_q")
        W = self.variable("fast", "W", lambda: jnp.zeros((self.dim, self.dim)))
        k0, v0, q0 = theta_k(xs[0]), theta_v(xs[0]), theta_q(xs[0])

        def inner_loss(w, k, v):
            return 0.5 * jnp.sum((k @ w - v) ** 2)

        def token(w, x_t):
            k, v, q = theta_k(x_t), theta_v(x_t), theta_q(x_t)
            w = w - self.inner_lr * jax.grad(inner_loss)(w, k, v)
            return w, q @ w

        _, zs = scan(token, W.value, xs)
        return zs


def main():
    model = TTTLinear()
    xs = jax.random.normal(jax.random.key(0), (24, 16))
    variables = model.init(jax.random.key(1), xs)
    model.apply({"params": variables["params"], "fast": {"W": jnp.zeros((16, 16))}}, xs)
    return None
