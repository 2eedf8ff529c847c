# label: ok
# flax-error: none
# class: 4 sample() splits predictor.model; the scan body merges it from the carry in predictor._forward() and returns the advanced state
"""Monte-Carlo dropout with an NNX model over a raw jax.lax.scan of forward passes.

Twin of h196_nnx_mc_clone: the model state (with its dropout rng count) is carried through the
scan with nnx.split / nnx.merge and written back after the loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.gelu(self.l1(x))))


class MCPredictor:
    def __init__(self, model, num_samples=6):
        self.model = model
        self.num_samples = num_samples

    def _forward(self, graphdef, state, x):
        model = nnx.merge(graphdef, state)
        return model(x), nnx.state(model)

    def sample(self, x):
        graphdef, state = nnx.split(self.model)

        def body(state, _):
            y, state = self._forward(graphdef, state, x)
            return state, y

        state, preds = jax.lax.scan(body, state, None, length=self.num_samples)
        nnx.update(self.model, state)
        return preds


def main():
    model = Net(3, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    x = jax.random.normal(jax.random.key(2), (4, 3))
    preds = MCPredictor(model).sample(x)
    return preds


if __name__ == "__main__":
    print(main()[:, :, 0])
