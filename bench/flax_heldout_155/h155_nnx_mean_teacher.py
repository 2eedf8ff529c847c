# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body calls self.ema.update, which writes the EMA teacher's parameters reached through the learner and the EMA object
"""Mean-teacher training: the student is trained functionally, the teacher is an EMA of it.

Modelled on EMA questions for NNX: the student's parameters are correctly carried through a
raw lax.scan, but the EMA helper updates its teacher module in place from inside the body.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Net(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jax.nn.relu(self.l1(x)))


class EMA:
    def __init__(self, model, decay):
        self.target = nnx.clone(model)
        self.decay = decay

    def update(self, student_params):
        teacher = nnx.state(self.target, nnx.Param)
        new = jax.tree.map(lambda t, s: self.decay * t + (1 - self.decay) * s,
                           teacher, student_params)
        nnx.update(self.target, new)


class MeanTeacher:
    def __init__(self, model, decay=0.95, lr=0.05):
        self.student = model
        self.ema = EMA(model, decay)
        self.lr = lr

    def fit(self, xs, ys):
        graphdef, params = nnx.split(self.student, nnx.Param)

        def loss(params, x, y):
            student = nnx.merge(graphdef, params)
            pred = student(x)
            target = lax.stop_gradient(self.ema.target(x))
            return jnp.mean((pred - y) ** 2) + 0.1 * jnp.mean((pred - target) ** 2)

        def body(params, batch):
            value, grads = jax.value_and_grad(loss)(params, *batch)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            self.ema.update(params)
            return params, value

        params, losses = lax.scan(body, params, (xs, ys))
        nnx.update(self.student, params)
        return losses


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 16, 4))
    ys = jnp.sum(xs[..., :2], axis=-1, keepdims=True)
    learner = MeanTeacher(Net(nnx.Rngs(0)))
    losses = learner.fit(xs, ys)
    print(losses)
    return None
