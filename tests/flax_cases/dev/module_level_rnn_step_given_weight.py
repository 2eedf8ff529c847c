# label: ok
# flax-error: none
# class: 4 the scan body is a lambda calling a module-level step function with the weight the module created before the scan
import flax.linen as nn
import jax
import jax.numpy as jnp


def rnn_step(w, h, x):
    h = jnp.tanh(h @ w + x)
    return h, h


class ElmanRNN(nn.Module):
    @nn.compact
    def __call__(self, xs):
        w = self.param("w", nn.initializers.normal(0.1), (xs.shape[-1], xs.shape[-1]))
        return jax.lax.scan(lambda h, x: rnn_step(w, h, x), jnp.zeros(xs.shape[1:]), xs)[1]


def main():
    xs = jnp.ones((5, 2, 3))
    model = ElmanRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
