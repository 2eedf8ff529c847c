# label: same-values
# flax-error: none
# class: 3 dropout submodule applied to the hidden state inside a raw scan; masks per step returned
import jax
import jax.numpy as jnp
import flax.linen as nn


class VariationalRNN(nn.Module):
    hidden: int = 12

    def setup(self):
        self.cell = nn.SimpleCell(features=self.hidden)
        self.drop = nn.Dropout(rate=0.5)

    def __call__(self, xs, train: bool = True):
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h0, _ = self.cell(h0, xs[0])

        def body(h, x):
            h, _ = self.cell(h, x)
            mask = self.drop(jnp.ones_like(h), deterministic=not train)
            return h * mask, mask

        _, masks = jax.lax.scan(body, h0, xs)
        return masks


def main():
    xs = jnp.ones((5, 2, 3))
    model = VariationalRNN()
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, xs, train=False)
    return model.apply(variables, xs, rngs={"dropout": jax.random.PRNGKey(2)})
