# label: ok
# flax-error: none
# class: 2 recurrent kernel created with self.param before the scan and closed over
import flax.linen as nn
import jax
import jax.numpy as jnp


class ElmanRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        w_in = self.param("w_in", nn.initializers.lecun_normal(), (xs.shape[-1], self.hidden))
        w_hh = self.param("w_hh", nn.initializers.orthogonal(), (self.hidden, self.hidden))

        def step(h, x):
            h = jnp.tanh(x @ w_in + h @ w_hh)
            return h, h

        return jax.lax.scan(step, jnp.zeros((xs.shape[1], self.hidden)), xs)


def main():
    xs = jnp.ones((5, 2, 3))
    rnn = ElmanRNN()
    params = rnn.init(jax.random.PRNGKey(0), xs)
    rnn.apply(params, xs)
