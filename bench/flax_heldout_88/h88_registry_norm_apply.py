# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a module-level model registry hands an evaluator a model with BatchNorm, whose early-stopping raw lax.while_loop body calls apply in train mode without mutable batch_stats
import jax
import jax.numpy as jnp
import flax.linen as nn

MODEL_REGISTRY = {}


def register(name):
    def wrap(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return wrap


@register("tabular_bn")
class TabularNet(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(1)(nn.relu(x))


def build(name, **kwargs):
    return MODEL_REGISTRY[name](**kwargs)


class EarlyStoppingEvaluator:
    def __init__(self, model, variables, patience=3, tol=1e-3):
        self.model = model
        self.variables = variables
        self.patience = patience
        self.tol = tol

    def run(self, batches, targets):
        n = batches.shape[0]

        def cond(state):
            i, best, bad = state
            return (i < n) & (bad < self.patience)

        def body(state):
            i, best, bad = state
            pred = self.model.apply(self.variables, batches[i], train=True)
            loss = jnp.mean((pred - targets[i]) ** 2)
            improved = loss < best - self.tol
            return i + 1, jnp.where(improved, loss, best), jnp.where(improved, 0, bad + 1)

        return jax.lax.while_loop(cond, body, (0, jnp.inf, 0))


def main():
    model = build("tabular_bn", hidden=16)
    batches = jnp.ones((6, 8, 5))
    targets = jnp.zeros((6, 8, 1))
    variables = model.init(jax.random.key(0), batches[0])
    EarlyStoppingEvaluator(model, variables).run(batches, targets)
    return None
