# label: ok
# flax-error: none
# class: 4 the EMA teacher is reached through the learner and the EMA object; its parameters are split before the scan and travel in the carry
"""Mean-teacher training (working variant).

Both the student's and the teacher's parameters are carried through the scan; the EMA update
is a pure tree map in the body and the teacher module is updated once after the loop.
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

    def updated(self, teacher_params, student_params):
        return jax.tree.map(lambda t, s: self.decay * t + (1 - self.decay) * s,
                            teacher_params, student_params)


class MeanTeacher:
    def __init__(self, model, decay=0.95, lr=0.05):
        self.student = model
        self.ema = EMA(model, decay)
        self.lr = lr

    def fit(self, xs, ys):
        graphdef, params = nnx.split(self.student, nnx.Param)
        t_graphdef, t_params = nnx.split(self.ema.target, nnx.Param)

        def loss(params, t_params, x, y):
            student = nnx.merge(graphdef, params)
            pred = student(x)
            target = lax.stop_gradient(nnx.merge(t_graphdef, t_params)(x))
            return jnp.mean((pred - y) ** 2) + 0.1 * jnp.mean((pred - target) ** 2)

        def body(carry, batch):
            params, t_params = carry
            value, grads = jax.value_and_grad(loss)(params, t_params, *batch)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            t_params = self.ema.updated(t_params, params)
            return (params, t_params), value

        (params, t_params), losses = lax.scan(body, (params, t_params), (xs, ys))
        nnx.update(self.student, params)
        nnx.update(self.ema.target, t_params)
        return losses


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 16, 4))
    ys = jnp.sum(xs[..., :2], axis=-1, keepdims=True)
    learner = MeanTeacher(Net(nnx.Rngs(0)))
    losses = learner.fit(xs, ys)
    print(losses)
    return None
