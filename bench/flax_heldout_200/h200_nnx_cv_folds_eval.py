# label: ok
# flax-error: none
# class: 4 ValidationSuite.evaluator.model is switched to eval mode before the scan and only read inside the body over folds
"""Cross-validated soil-moisture regressor: fit on the pooled data, then score every held-out fold in one scan."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MoistureNet(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.inp = nnx.Linear(features, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.norm(self.inp(x)))).squeeze(-1)


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


@nnx.jit
def fit_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(mse)(model, x, y)
    optimizer.update(model, grads)
    return loss


class FoldEvaluator:
    def __init__(self, model: MoistureNet):
        self.model = model

    def prepare(self):
        """Score with the running statistics gathered while fitting."""
        self.model.eval()

    def fold_error(self, x, y):
        return jnp.sqrt(mse(self.model, x, y))


class ValidationSuite:
    def __init__(self, evaluator: FoldEvaluator):
        self.evaluator = evaluator

    def run(self, folds_x, folds_y):
        self.evaluator.prepare()

        def score(worst, fold):
            rmse = self.evaluator.fold_error(*fold)
            return jnp.maximum(worst, rmse), rmse

        worst, per_fold = jax.lax.scan(score, jnp.zeros(()), (folds_x, folds_y))
        return worst, per_fold


def main():
    folds_x = jax.random.normal(jax.random.key(6), (5, 12, 4))
    folds_y = folds_x @ jnp.array([0.5, -0.2, 0.1, 0.8])
    model = MoistureNet(4, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    for fold in range(folds_x.shape[0]):
        fit_step(model, optimizer, folds_x[fold], folds_y[fold])
    worst, per_fold = ValidationSuite(FoldEvaluator(model)).run(folds_x, folds_y)
    print("worst fold rmse", float(worst), per_fold)
    return None
