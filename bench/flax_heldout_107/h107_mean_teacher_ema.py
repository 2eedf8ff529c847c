# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the fori_loop body assigns the EMA teacher parameters to the attribute state.teacher_params of a plain object
"""Teacher-student distillation with an EMA (mean-teacher) update, trained with a raw
lax.fori_loop. The student parameters are carried, but the EMA teacher is written back to
an attribute of a small state object inside the body; the teacher is evaluated after."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Net(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(2)(nn.relu(nn.Dense(16)(x)))


class DistillState:
    def __init__(self, student_params, teacher_params, decay=0.99):
        self.student_params = student_params
        self.teacher_params = teacher_params
        self.decay = decay


def main():
    net = Net()
    xs = jax.random.normal(jax.random.PRNGKey(0), (10, 8, 5))
    params = net.init(jax.random.PRNGKey(1), xs[0])
    state = DistillState(params, params)

    def loss_fn(student, teacher, x):
        target = jax.lax.stop_gradient(jax.nn.softmax(net.apply(teacher, x)))
        logp = jax.nn.log_softmax(net.apply(student, x))
        return -jnp.mean(jnp.sum(target * logp, -1))

    def train_step(i, student):
        grads = jax.grad(loss_fn)(student, state.teacher_params, xs[i])
        student = jax.tree.map(lambda p, g: p - 0.1 * g, student, grads)
        state.teacher_params = jax.tree.map(
            lambda t, s: state.decay * t + (1 - state.decay) * s, state.teacher_params, student
        )
        return student

    state.student_params = lax.fori_loop(0, xs.shape[0], train_step, state.student_params)
    teacher_out = net.apply(state.teacher_params, xs[0])
    print(float(jnp.mean(teacher_out)))
    return None
