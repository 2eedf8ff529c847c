# label: ok
# flax-error: none
# class: 4 EWC helper object holds the NNX model's graphdef and state; the lax.scan body merges them and returns each squared gradient as scan ys
"""Elastic weight consolidation (Kirkpatrick et al. 2017): diagonal Fisher after a task (NNX).

The EWC helper collects per-example squared gradients of the log-likelihood and
averages them into the diagonal Fisher. Examples are walked with a raw lax.scan.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, din=5, hidden=8, n_classes=3, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, n_classes, rngs=rngs)

    def __call__(self, x):
        return self.l2(jax.nn.tanh(self.l1(x)))


class EWC:
    def __init__(self, model, lam=100.0):
        self.graphdef, self.params = nnx.split(model, nnx.Param)
        self.lam = lam

    def log_lik(self, params, x, y):
        model = nnx.merge(self.graphdef, params)
        return jax.nn.log_softmax(model(x))[y]

    def fisher(self, xs, ys):
        def per_example(_, xy):
            g = jax.grad(self.log_lik)(self.params, *xy)
            return None, jax.tree.map(jnp.square, g)

        _, sq_grads = jax.lax.scan(per_example, None, (xs, ys))
        return jax.tree.map(lambda g: jnp.mean(g, 0), sq_grads)


def main():
    model = Classifier(rngs=nnx.Rngs(0))
    ewc = EWC(model)
    xs = jax.random.normal(jax.random.key(2), (6, 5))
    ys = jnp.array([0, 1, 2, 0, 1, 2])
    fisher = ewc.fisher(xs, ys)
    print(jax.tree.map(jnp.shape, fisher))
    return None
