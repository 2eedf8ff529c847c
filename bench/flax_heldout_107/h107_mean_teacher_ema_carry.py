# label: ok
# flax-error: none
# class: 3 state.teacher_params enters the fori_loop carry next to the student and is stored on the object after the loop
"""Mean-teacher distillation, twin of h107_mean_teacher_ema: the EMA teacher travels in the
fori_loop carry with the student, and is assigned to the state object after the loop."""
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

    def train_step(i, carry):
        student, teacher = carry
        grads = jax.grad(loss_fn)(student, teacher, xs[i])
        student = jax.tree.map(lambda p, g: p - 0.1 * g, student, grads)
        teacher = jax.tree.map(lambda t, s: state.decay * t + (1 - state.decay) * s, teacher, student)
        return student, teacher

    carry = (state.student_params, state.teacher_params)
    state.student_params, state.teacher_params = lax.fori_loop(0, xs.shape[0], train_step, carry)
    teacher_out = net.apply(state.teacher_params, xs[0])
    print(float(jnp.mean(teacher_out)))
    return None
