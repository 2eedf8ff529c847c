# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 EvaluationHarness.run's while_loop body calls each metric's update, which scores through metric.session (a GraderSession left in train mode) and its variables
"""Evaluation harness for a wine quality grader.

The grader predicts a 0-10 panel score from physico-chemical measurements (acidity, residual
sugar, sulphates, alcohol, ...). The harness walks the held-out batches once and feeds several
metrics that share one grader session.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class WineGrader(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(24)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.swish(h)
        return 10.0 * nn.sigmoid(nn.Dense(1)(h))[..., 0]


class GraderSession:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.training = True  # sessions come back from fine-tuning in train mode

    def train(self):
        self.training = True
        return self

    def eval(self):
        self.training = False
        return self

    def score(self, x):
        return self.model.apply(self.variables, x, train=self.training)


class Metric:
    def __init__(self, session: GraderSession):
        self.session = session

    def init(self):
        return jnp.zeros(())


class MeanAbsoluteError(Metric):
    def update(self, acc, x, y):
        return acc + jnp.mean(jnp.abs(self.session.score(x) - y))


class WithinOnePoint(Metric):
    def update(self, acc, x, y):
        return acc + jnp.mean((jnp.abs(self.session.score(x) - y) <= 1.0).astype(jnp.float32))


class EvaluationHarness:
    def __init__(self, metrics):
        self.metrics = metrics

    def run(self, xs, ys):
        n_batches = xs.shape[0]

        def cond(carry):
            return carry[0] < n_batches

        def body(carry):
            i, accs = carry
            accs = tuple(m.update(a, xs[i], ys[i]) for m, a in zip(self.metrics, accs))
            return i + 1, accs

        _, accs = lax.while_loop(cond, body, (0, tuple(m.init() for m in self.metrics)))
        return [a / n_batches for a in accs]


def main():
    model = WineGrader()
    xs = jax.random.normal(jax.random.key(1), (4, 16, 11))
    ys = jax.random.uniform(jax.random.key(2), (4, 16), minval=3.0, maxval=9.0)
    variables = model.init(jax.random.key(0), xs[0])
    session = GraderSession(model, variables)
    harness = EvaluationHarness([MeanAbsoluteError(session), WithinOnePoint(session)])
    print(harness.run(xs, ys))
    return None
