# label: ok
# flax-error: none
# class: 1 GRU cell lifted with nn.scan in setup; the lifted cell runs the whole sequence
import flax.linen as nn
import jax
import jax.numpy as jnp


class GRUEncoder(nn.Module):
    hidden: int = 8

    def setup(self):
        self.scan_gru = nn.scan(
            nn.GRUCell, variable_broadcast="params", split_rngs={"params": False}, in_axes=0, out_axes=0
        )(self.hidden)

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h, ys = self.scan_gru(h0, xs)
        return h


def main():
    xs = jnp.ones((6, 2, 3))
    model = GRUEncoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
