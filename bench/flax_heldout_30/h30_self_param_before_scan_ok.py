# label: ok
# flax-error: none
# class: 1 self.param for the recurrent kernel is created before the raw scan and the body only reads it
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class SimpleRNN(nn.Module):
    hidden: int = 5

    @nn.compact
    def __call__(self, xs):
        # xs: [time, features]
        w_in = self.param("w_in", nn.initializers.lecun_normal(), (xs.shape[-1], self.hidden))
        w_rec = self.param("w_rec", nn.initializers.orthogonal(), (self.hidden, self.hidden))

        def rnn_step(h, x):
            h = jnp.tanh(x @ w_in + h @ w_rec)
            return h, h

        _, hs = scan(rnn_step, jnp.zeros((self.hidden,)), xs)
        return hs


def sgd_step(model, params, xs, target, lr=0.1):
    def loss_fn(p):
        hs = model.apply(p, xs)
        return jnp.mean((hs[-1] - target) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def main():
    model = SimpleRNN()
    xs = jax.random.normal(jax.random.key(0), (6, 3))
    target = jnp.ones((5,)) * 0.5
    params = model.init(jax.random.key(1), xs)
    for _ in range(2):
        params, loss = sgd_step(model, params, xs, target)
    print(loss)
    return None
