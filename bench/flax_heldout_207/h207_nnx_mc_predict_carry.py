# label: ok
# flax-error: none
# class: 4 Predictor reaches self.trainer.model, splits it into params and the rest; the rest (dropout RNG state) goes through the scan carry
"""Monte Carlo dropout for predictive uncertainty, written "functionally" with nnx.split/merge and
a raw jax.lax.scan over the number of samples."""
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 64, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.l2 = nnx.Linear(64, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


class Trainer:
    def __init__(self, seed):
        self.model = MLP(nnx.Rngs(params=seed, dropout=seed + 1))


class Predictor:
    def __init__(self, trainer):
        self.trainer = trainer

    def mc_samples(self, x, num_samples):
        graphdef, params, rest = nnx.split(self.trainer.model, nnx.Param, ...)

        def body(rest, _):
            model = nnx.merge(graphdef, params, rest)
            y = model(x)
            _, _, rest = nnx.split(model, nnx.Param, ...)
            return rest, y

        rest, preds = jax.lax.scan(body, rest, None, length=num_samples)
        nnx.update(self.trainer.model, rest)
        return preds


def main():
    predictor = Predictor(Trainer(0))
    x = jnp.ones((3, 4))
    return predictor.mc_samples(x, 8)


if __name__ == "__main__":
    print(main())
