# label: ok
# flax-error: none
# class: 2 one key drawn from the forecaster's Rngs stream before the loop is folded with the step index into a fresh nnx.Rngs in every raw lax.fori_loop step
"""Hospital bed-demand forecaster: the planner's uncertainty band comes from Monte-Carlo
dropout; the NNX forecaster stays in train mode and is sampled in a fori_loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class AdmissionsNet(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 32, rngs=rngs)
        self.dropout = nnx.Dropout(0.3)
        self.out = nnx.Linear(32, 1, rngs=rngs)
        self.rngs = rngs

    def __call__(self, x, *, rngs=None):
        h = self.dropout(nnx.gelu(self.hidden(x)), rngs=rngs)
        return self.out(h)[..., 0]


class UncertaintyBand:
    def __init__(self, model, num_samples=8):
        self.model = model
        self.num_samples = num_samples

    def samples(self, features):
        model = self.model
        key = model.rngs.dropout()
        buf = jnp.zeros((self.num_samples, features.shape[0]))

        def draw(i, buf):
            return buf.at[i].set(model(features, rngs=nnx.Rngs(dropout=jax.random.fold_in(key, i))))

        return jax.lax.fori_loop(0, self.num_samples, draw, buf)


def main():
    model = AdmissionsNet(10, rngs=nnx.Rngs(params=0, dropout=5))
    features = jnp.linspace(-1.0, 1.0, 30).reshape(3, 10)
    return UncertaintyBand(model).samples(features)
