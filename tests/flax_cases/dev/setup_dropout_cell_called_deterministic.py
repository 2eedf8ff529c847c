# label: ok
# flax-error: none
# class: 4 setup nn.Dropout called with deterministic= a parameter in a self.method scan body; the tower always passes True
import flax.linen as nn
import jax
import jax.numpy as jnp


class DropoutRNN(nn.Module):
    hidden: int = 8

    def setup(self):
        self.dense = nn.Dense(self.hidden)
        self.drop = nn.Dropout(0.3)

    def __call__(self, xs, deterministic: bool = False):
        h0 = self.dense(jnp.zeros(xs.shape[1:]))

        def step(h, x):
            h = jnp.tanh(self.dense(h) + x)
            return h, self.drop(h, deterministic=deterministic)

        _, ys = jax.lax.scan(step, h0, xs)
        return ys


class Tower(nn.Module):
    def setup(self):
        self.rnn = DropoutRNN()

    def __call__(self, xs):
        return self.rnn(xs, deterministic=True)


def main():
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 2, 8))
    model = Tower()
    variables = model.init(jax.random.PRNGKey(0), xs)
    return model.apply(variables, xs)
