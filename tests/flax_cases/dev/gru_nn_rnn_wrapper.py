# label: ok
# flax-error: none
# class: 1 GRU sequence classifier through nn.RNN rather than a GRUCell inside a raw scan
from flax import linen as nn
import jax
import jax.numpy as jnp


class Classifier(nn.Module):
    hidden: int = 10
    classes: int = 3

    def setup(self):
        self.rnn = nn.RNN(nn.GRUCell(self.hidden))
        self.head = nn.Dense(self.classes)

    def __call__(self, xs):
        hs = self.rnn(xs)
        return self.head(hs[:, -1])


def main():
    xs = jnp.ones((2, 9, 4))
    model = Classifier()
    variables = model.init(jax.random.PRNGKey(0), xs)
    logits = model.apply(variables, xs)
    assert logits.shape == (2, 3)
