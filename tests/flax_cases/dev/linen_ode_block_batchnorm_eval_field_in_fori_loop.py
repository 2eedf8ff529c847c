# label: ok
# flax-error: none
# class: 3 the same compact VectorField with a BatchNorm, called before a fori_loop and in its body, when every run evaluates (train=False): the running averages are only read
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

class VectorField(nn.Module):
    @nn.compact
    def __call__(self, y, train: bool):
        h = nn.Dense(6)(y)
        return nn.tanh(nn.BatchNorm(use_running_average=not train, momentum=0.9)(h))

class ODEBlock(nn.Module):
    @nn.compact
    def __call__(self, y0, train: bool = False):
        field = VectorField()
        _ = field(y0, train)
        def rk2(i, y):
            return y + 0.1 * field(y, train)
        return fori_loop(0, 5, rk2, y0)

def evaluate(y0):
    model = ODEBlock()
    variables = model.init(jax.random.key(0), y0)
    return model.apply(variables, y0, train=False)


def main():
    evaluate(jnp.ones((3, 6)))
