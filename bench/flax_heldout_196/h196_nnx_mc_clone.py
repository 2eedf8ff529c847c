# label: same-values
# flax-error: none
# class: 4 the scan body calls predictor._forward(), which nnx.clone()s predictor.model (Dropout in train mode) and runs the clone
"""Monte-Carlo dropout with an NNX model over a raw jax.lax.scan of forward passes.

Modelled on NNX code that clones the model inside the loop body to avoid mutating the captured
module, and then finds every pass returns the same prediction.
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

    def _forward(self, x):
        model = nnx.clone(self.model)
        return model(x)

    def sample(self, x):
        def body(carry, _):
            return carry, self._forward(x)

        _, preds = jax.lax.scan(body, None, None, length=self.num_samples)
        return preds


def main():
    model = Net(3, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    x = jax.random.normal(jax.random.key(2), (4, 3))
    preds = MCPredictor(model).sample(x)
    return preds


if __name__ == "__main__":
    print(main()[:, :, 0])
